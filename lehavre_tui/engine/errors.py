"""The one exception a player ever sees from the engine."""


class IllegalAction(Exception):
    """A move the rules do not allow; the message says what is wrong and what would be right."""
