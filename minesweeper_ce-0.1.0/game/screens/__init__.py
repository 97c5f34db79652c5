"""The screens: the dialogs built from the player's profile and the game, one
subject a module, each answering with a typed value (an Enum of its buttons, or a
small frozen dataclass), never the label of a button.

- answers.py      what a dialog's buttons answer (Button) and the OK of a notice
- records.py      the best times, the name asked for a new one, the reset question
- statistics.py   the statistics, and where the player died (the deaths' heatmap)
- history.py      the History: its page, filters, order, chart, paging, export, import
- end_of_game.py  the panel after a game
- analysis.py     a game's analysis
- codes.py        a board code to play
- custom.py       the custom board's form
- settings.py     the settings and the keys
- resume.py       the unfinished game offered back
- race.py         the offer to race a ghost
- messages.py     the player's files' problems, the rules, about

Each is imported when its dialog is first opened (a start-up with nothing to ask
pays for none of them).
"""
