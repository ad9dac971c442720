# game (nl)
