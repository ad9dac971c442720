# setup (de)
