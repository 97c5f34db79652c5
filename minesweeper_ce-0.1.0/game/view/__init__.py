"""The view: what the player sees and hears, and the window's controls.

The sprite sheet and its tiles, the themes, the fonts, the renderer, the widgets (dialogs,
menus, the menu bar), the one window and its viewport (zoom, scrolling), the sounds, the
commands and their keys, the toggles, the preferences and the stage of scenes. Nothing
below the view (persist, replay, analysis, session, core) imports it.
"""
