"""(E2: being written) """
