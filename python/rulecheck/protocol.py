"""The engine protocol's request loop (spec/protocol.md), for an adapter
written in Python: it reads the requests on standard input, one JSON object
a line, and writes one answer a line, flushed at once.

An adapter declares itself with an `Adapter` (its name, version, the house
rules it plays by variant, a `Game` factory and its optional requests) and
runs `serve(adapter)`. The game is the adapter's: any object made as
`game(variant, position)` (position None for the variant's start) that has

- `act(index, action)`: plays one action of the request (a move in the
  variant's notation or an action at the board such as `resign by black`),
  raising `Refused(index, reason)` for one the rules refuse;
- `over()`, `moves()` (the legal moves as strings; asked only while the game
  is not over), `position()`, `to_move()` and `result()` (`ongoing`,
  `white wins: no-moves`, `draw: agreement`, ...);
- `perft(depth)`, if the adapter declares the `perft` capability.

Every request is answered. A request the game cannot be set up for
faithfully raises `CannotSetUp(reason)`: it is answered with `unsupported`
and rulecheck skips the scenario with that reason, rather than judge a
guess. Any other exception becomes an `error` answer with its message (an
engine error for that scenario in rulecheck's report), its traceback on
standard error, so that a bug in the game never hangs the run.
"""
import json
import sys
import traceback

PROTOCOL = 1


class CannotSetUp(Exception):
    """A request the adapter cannot set up faithfully (a position or counter
    its library cannot be given, an action it cannot play): answered with
    `unsupported` and the reason, never with a guess."""


class Refused(Exception):
    """The action at `index` of the request is refused by the rules, with
    the spec's reason code (`illegal`, `must-capture`, `game-over`, ...)."""

    def __init__(self, index, reason):
        super().__init__(reason)
        self.index = index
        self.reason = reason


class Adapter:
    """What an adapter declares: its name and version, the house rules it
    supports by variant (its keys are the variants it plays; a list of dicts
    for a variant declares each combination of values as an entry of its
    own), its game factory and its optional requests (`perft` or none)."""

    def __init__(self, name, version, options, game, capabilities=()):
        self.name = name
        self.version = version
        self.options = options
        self.game = game
        self.capabilities = list(capabilities)

    def replay(self, req, actions=True):
        """The request's game: its setup, then its actions (unless `actions`
        is false, as for `perft`)."""
        variant = req.get("variant")
        if variant not in self.options:
            raise ValueError("variant %r is not played by this adapter" % variant)
        game = self.game(variant, req.get("position"))
        for i, action in enumerate(req.get("actions") or [] if actions else []):
            game.act(i, action)
        return game

    def hello(self, rid):
        return {
            "id": rid,
            "name": self.name,
            "version": self.version,
            "protocol": PROTOCOL,
            "variants": [
                {"id": v, "options": e} for v, o in self.options.items() for e in (o if isinstance(o, list) else [o])
            ],
            "capabilities": self.capabilities,
        }

    def answer(self, req):
        """The answer to one request (a dict), as a dict."""
        rid = req.get("id", 0)
        kind = req.get("request")
        if kind == "hello":
            return self.hello(rid)
        if kind == "quit":
            return {"id": rid}
        if kind == "perft" and "perft" in self.capabilities:
            return {"id": rid, "nodes": self.replay(req, actions=False).perft(int(req.get("depth", 0)))}
        if kind not in ("moves", "play"):
            return {"id": rid, "error": "request %r is not served by this adapter" % kind}
        try:
            game = self.replay(req)
        except Refused as r:
            return {"id": rid, "refused": {"index": r.index, "reason": r.reason}}
        if kind == "moves":
            if game.over():
                return {"id": rid, "moves": []}
            return {"id": rid, "moves": game.moves()}
        return {"id": rid, "position": game.position(), "to_move": game.to_move(), "result": game.result()}


def serve(adapter, input=None, output=None):
    """Answer the requests on standard input (or `input`, lines of text), one
    a line, until `quit` or the end of the input."""
    input = sys.stdin if input is None else input
    output = sys.stdout if output is None else output
    for line in input:
        if not line.strip():
            continue
        rid, req = 0, {}
        try:
            req = json.loads(line)
            if not isinstance(req, dict):
                raise ValueError("a request is a JSON object")
            rid = req.get("id", 0)
            out = adapter.answer(req)
        except CannotSetUp as e:
            out = {"id": rid, "unsupported": str(e)}
        except Exception as e:  # a library crash is an engine error, not a hang
            traceback.print_exc(file=sys.stderr)
            out = {"id": rid, "error": "%s: %s" % (type(e).__name__, e)}
        output.write(json.dumps(out) + "\n")
        output.flush()
        if isinstance(req, dict) and req.get("request") == "quit":
            break
