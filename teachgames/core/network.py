"""This machine's address on its local network, for the servers that print a link.

Both servers a teacher starts on a school network print the address a pupil's laptop
reaches: the lessons served as apps (``teachgames lessons --pupil``) and the class server
(``teachgames classroom serve``). The lookup lives here, below both commands, so neither
imports the other for it.
"""

from __future__ import annotations

import socket

#: The address a server binds to be reached from every network of the machine.
EVERY_ADDRESS = "0.0.0.0"


def lan_address() -> str | None:
    """This machine's address on its local network, or None when it has none.

    Connecting a UDP socket sends nothing: it only asks the system which of its addresses
    it would use for that route.
    """
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("10.254.254.254", 1))
            address: str = probe.getsockname()[0]
        except OSError:
            return None
    return None if address.startswith("127.") or address == EVERY_ADDRESS else address
