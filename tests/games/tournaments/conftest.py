import pytest


@pytest.fixture
def players(make_user):
    def make(count, prefix="p"):
        return [make_user(f"{prefix}{i}") for i in range(count)]

    return make
