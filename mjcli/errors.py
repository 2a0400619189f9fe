"""Exceptions and the stable error codes and exit codes of mjcli.

Every error a user can cause is a :class:`MjError` with a snake_case ``code``
and a one-line ``message`` that names the problem and says what to do.
The command line turns these into one line on standard error and an exit code;
batch output turns them into ``{"code": ..., "message": ...}`` records.
"""

from __future__ import annotations

import re

# Exit codes (documented in README and `mjcli --help`).
EXIT_OK = 0  # every hand read and answered
EXIT_BAD_HAND = 1  # at least one hand invalid, not winning or not ready (a batch still answers every line)
EXIT_USAGE = 2  # bad option, unknown variant, unreadable rule file
EXIT_INTERRUPTED = 130  # Ctrl-C

# Answer codes: expected non-results, not failures of the program.
NOT_WINNING = "not_winning"
NOT_READY = "not_ready"
BELOW_MINIMUM = "below_minimum"
# The ``answer`` of every score and wait record (issue 12) is one of the above, or:
ANSWER_OK = "ok"  # a payable win (score), a ready hand (wait)
INVALID = "invalid"  # the line could not be read or is not possible; ``error`` says why


_BYTE_REPR = re.compile(r"\\udc([89a-f][0-9a-f])")


class MjError(Exception):
    """A problem the user can fix: bad hand text, a bad rule file, a bad option."""

    code = "error"

    def __init__(self, message: str, code: str | None = None):
        if "\\udc" in message:  # a byte of an argument that was not UTF-8, quoted with repr(): shown as \xff
            message = _BYTE_REPR.sub(r"\\x\1", message)
        super().__init__(message)
        self.message = message
        if code:
            self.code = code

    def as_record(self) -> dict:
        return {"code": self.code, "message": self.message}


class ParseError(MjError):
    """Hand text that does not follow the notation."""

    code = "parse_error"


class HandError(MjError):
    """A hand that parses but is not possible in the variant (wrong size, fifth copy...)."""

    code = "invalid_hand"


class RuleFileError(MjError):
    """A variant or house-rule YAML file that is malformed or breaks the schema."""

    code = "rule_file_error"

    def __init__(self, message: str, problems: list[str] | None = None):
        super().__init__(message)
        self.problems = problems or [message]


class SettleError(MjError):
    """A settlement request that does not make sense (a seat twice, no value...)."""

    code = "settle_error"


class ContextError(MjError):
    """Context words that do not fit the hand or each other (``heavenly seat=S``, ``rob-kong zimo``)."""

    code = "invalid_context"
