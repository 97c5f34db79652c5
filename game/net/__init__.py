"""The live race's network: room codes and what derives from them (room.py), sealed
messages (seal.py), the messages themselves (messages.py), the broker's address
(broker.py) and the client on a thread of its own (client.py); the embedded default
with no broker named (lan.py, embedded.py: loaded on the client's thread by the first
such race). Loaded with the first race, never before the first input. docs/RACE.md is
the protocol."""
