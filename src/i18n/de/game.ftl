# game (de)
