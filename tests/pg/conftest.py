from tests.pg.server import pg_server, pg_url  # noqa: F401 - the fixtures
