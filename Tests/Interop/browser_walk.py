"""A stand-in for the player's browser, as $BROWSER: `python3 browser_walk.py URL` walks a sign-in from an app's
authorization URL (Battle.net approves, the relay's consent page is allowed) and follows the last redirect to the
app's loopback address, as a browser would."""

import sys

import requests

from relayflow import TIMEOUT, Person
from test_front_door import consent_and_return

requests.get(consent_and_return(Person(), sys.argv[1]), timeout=TIMEOUT)
