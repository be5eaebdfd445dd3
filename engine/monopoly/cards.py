"""(E1: being written) """
