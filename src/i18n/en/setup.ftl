# setup (en)
