# game (en)
