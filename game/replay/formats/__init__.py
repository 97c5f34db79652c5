"""Readers of the community's replay files (AVF, RMV, MVF, EVF, RAWVF): each turns a
file's bytes into the neutral form, game.replay.video.Video."""
