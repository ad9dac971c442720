# Lobby (en): the lobby's screen, keys and notices.

## Lobby (src/ui/lobby.rs)

lobby-you-are = you are { $nick }
lobby-guest = { $nick } (guest)
lobby-counts = { $players } online, { $seeks ->
        [one] 1 seek
       *[other] { $seeks } seeks
    }, { $games ->
        [one] 1 game
       *[other] { $games } games
    }
lobby-return = { $key }: return to your game #{ $id }
lobby-players-title = Players ({ $count })
lobby-nobody = nobody else here yet
lobby-head-nick = nick
lobby-head-rating = rating
lobby-head-status = status
lobby-rating-bot = bot
lobby-rating-guest = guest
lobby-you = (you)
lobby-status-idle-long = in the lobby
lobby-status-idle = lobby
lobby-status-left-long = left game #{ $id }
lobby-status-left = left #{ $id }
lobby-status-seeking = seeking
lobby-status-playing = playing
lobby-status-watching = watching
lobby-seeks-title = Open seeks ({ $count })
lobby-no-seeks = no open seeks yet:
lobby-post-seek = post a seek
lobby-games-title = Games in play ({ $count })
lobby-no-games = no games in play
lobby-tournaments-title = Tournaments ({ $count })
lobby-chat-title = Chat
lobby-chat-empty = t to chat
lobby-say = say:

## Lobby lists: seeks, games, tournaments (src/ui/lobby.rs)

lobby-head-player = player
lobby-head-variant = variant
lobby-head-clock = clock
lobby-head-rated = rated
lobby-head-rules = rules
lobby-seek-rated = rated
lobby-seek-casual = casual
lobby-seek-private = private
lobby-seek-no-clock = none
lobby-seek-to-you-long = challenge to you!
lobby-seek-to-you = to you!
lobby-rules-two-square = 2sq:{ $n }
lobby-rules-two-square-off = 2sq:off
lobby-rules-chase = chase
lobby-rules-aggressor = AA
lobby-rules-silent = SD
lobby-rules-rescue = rescue
lobby-rules-immobility = immob:now
lobby-computer-row = play the computer ({ $terms })
lobby-computer-row-short = play the computer
lobby-head-red-blue = red vs blue
lobby-vs = vs
lobby-head-move = move
lobby-head-watching = watching
lobby-private = (private)
lobby-tour-players = { $count ->
        [one] player
       *[other] players
    }
lobby-terms-arena = Arena { $minutes } min
lobby-terms-swiss = Swiss { $rounds ->
        [one] 1 round
       *[other] { $rounds } rounds
    }
lobby-terms-anyone = anyone
lobby-terms-key-holders = key holders
lobby-terms-invited = invited: { $nicks }
lobby-terms-min-rated = { $count ->
        [one] 1+ rated game
       *[other] { $count }+ rated games
    }

## Lobby keys: footer and help (src/ui/lobby.rs)

lobby-help-title = Lobby keys
lobby-keys-next-list = next list
lobby-keys-accept = accept
lobby-keys-play-computer = play the computer
lobby-keys-watch = watch
lobby-keys-back-to-game = back to your game
lobby-keys-challenge = challenge
lobby-keys-open-tournament = open tournament
lobby-keys-type = type
lobby-keys-return = return to your game
lobby-keys-new-seek = new seek
lobby-keys-computer-terms = computer's terms
lobby-keys-decline = decline
lobby-keys-cancel-mine = cancel mine
lobby-keys-chat = chat
lobby-keys-tournaments = tournaments
lobby-keys-leaders = leaders
lobby-keys-games = games
lobby-keys-profile = profile
lobby-keys-settings = settings
lobby-keys-quit = quit
lobby-keys-admin = admin
lobby-keys-help = help
lobby-keys-send = send
lobby-keys-cancel = cancel
lobby-help-cycle = next / previous list
lobby-help-side = players list / seeks
lobby-help-move = move in the list
lobby-help-page = a page up / down, first / last
lobby-help-enter = the seeks' first row: play the computer; a seek: accept it; watch game (or back to yours), challenge player, chat
lobby-help-new-seek = new seek (variant, rules, clock, private)
lobby-help-challenge = challenge the selected player
lobby-help-bot = computer's terms: level, variant, clock; then play
lobby-help-decline = decline a challenge to you (the one selected)
lobby-help-cancel = cancel your seek
lobby-help-chat = type in chat
lobby-help-tournaments = the tournaments list (Enter opens one)
lobby-help-leaders = leaderboards
lobby-help-games = finished games: mine, recent, replays
lobby-help-profile = profile of the selected player (or mine)
lobby-help-settings = settings (numbering, ASCII, colours)
lobby-help-mouse-key = mouse
lobby-help-mouse = click selects, click again accepts / watches
lobby-help-admin = admin screen: sessions, bans, kick, ban, broadcast

## Lobby notices (src/ui/lobby.rs)

lobby-notice-no-tournaments = No tournaments are announced now: they are listed here when one is
lobby-notice-select-player = Select a player in the list, then press c to challenge them
lobby-notice-not-yourself = You cannot challenge yourself
lobby-notice-no-seek-to-cancel = You have no open seek to cancel
lobby-notice-no-challenge = No challenge to you to decline (they are marked ! in the seeks)
lobby-notice-own-seek = That is your own seek: x cancels it
lobby-notice-seek-gone = The seek you chose is gone: taken or withdrawn
lobby-notice-private-game = That game is private: no spectators
lobby-notice-game-ended = The game you chose has ended
lobby-notice-no-games = No games in play to watch
lobby-notice-no-game-selected = No game is selected: Up/Down chooses one, then Enter
lobby-notice-tournament-gone = The tournament you chose is no longer listed
lobby-notice-no-tournament-selected = No tournament is selected: Up/Down chooses one, then Enter
lobby-notice-not-admin = The admin screen is only for the server's admins

lobby-seek-days = { $days }d
lobby-seek-days-budget = { $days }d/{ $budget }d
lobby-your-move = Your move
lobby-your-move-mark = your move: { $left }
lobby-your-setup-mark = your set-up: { $left }

## The set-up library key (src/ui/lobby.rs)
lobby-keys-setups = set-ups
lobby-help-setups = your saved set-ups and how they fared; the set-up explorer
