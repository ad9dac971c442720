# server (de)
