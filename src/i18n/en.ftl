# English: the reference catalog. Every id here is in every other catalog (tests/i18n.rs).
# Ids are screen-what; each screen's messages under its "## Screen" heading.

## Welcome card (src/ui/welcome.rs)

welcome-title = Welcome to stratego-ssh
welcome-rename-title = Change your name
welcome-new-key = Your SSH key is new here. The server will know you by this name, with your rating and your games:
welcome-key-is-account = Your key is your account: no password. Come back with the same key and you are this player again. Without a key one plays as a guest: casual games, a new name each time. To get a key:
welcome-then-connect = then connect with the name you want:
welcome-host-note = (HOST, and -p PORT, as in the ssh command you used now)
welcome-rename-later = You can change your name once later: p (your profile), then r.
welcome-guest-intro = You connected without a key this server knows: you are a guest here, named { $nick }.
welcome-guest-can = A guest can play the computer and casual games, watch games and chat. A guest cannot play rated games, and nothing is kept: no rating, no game history, a new name next time.
welcome-guest-keep = To keep a name, its rating and games, use a key:
welcome-rename-intro = You can change your name once. Your rating and your games stay with your key; the old name stays reserved for a while.
welcome-type-first = Type the new name first (Esc keeps yours)
welcome-asking = asking for { $nick }…
welcome-name-rule = 2 to 16 letters, digits, _ or -, starting with a letter
welcome-name = name:
welcome-new-name = new name:
welcome-or-type = (or type another)
welcome-keys-take = take the name typed
welcome-keys-change = change my name
welcome-keys-start = start playing
welcome-keys-keep-mine = keep my name
welcome-keys-cancel = cancel
welcome-keys-keep-this = keep this name

## Too-small screen (src/ui/too_small.rs)

small-larger = Please make the window larger
small-size = (now { $width }x{ $height }, need { $min_width }x{ $min_height })
small-keys-quits = quits
small-game = Game #{ $id }
small-you-play = you play { $color }
small-watching = watching
small-setup-sent = Set-up sent: waiting for your opponent
small-setup-place = Set-up: place your pieces
small-setting-up = The players are setting up
small-your-turn = Your turn
small-to-move = { $color } to move ({ $nick })
small-move = move { $number }
small-gone = { $nick } is gone: the reconnect time is up
small-disconnected = { $nick } is disconnected: { $seconds }s to reconnect

## Quit question (src/ui/dialog.rs, src/ui/mod.rs)

quit-title = Quit
quit-question = Quit stratego-ssh?
quit-keys-yes = yes
quit-keys-no = no

## Settings (src/ui/dialog.rs)

settings-title = Settings
settings-numbering = Piece numbering
settings-numbering-modern = modern (Marshal 10, Scout 2)
settings-numbering-classic = classic (Marshal 1, Scout 9)
settings-ascii = ASCII only
settings-on = on
settings-off = off
settings-colours = Colours
settings-colours-none = none
settings-language = Language
settings-keys-choose = choose
settings-keys-change = change
settings-keys-close = close

## Key names shared by the screens

keys-up-down = Up/Down
keys-enter-space = Enter/Space

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
lobby-help-bot = computer's terms: choose level, variant, clock; then play
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

## Help dialog (src/ui/dialog.rs)

keys-any-key = any key
keys-closes-help = closes this help
keys-help-more = { $count } more: a taller window shows them

## Colours of the sides

color-red = Red
color-blue = Blue

## Ranks: names, and the letters of the pieces without a number

rank-marshal = Marshal
rank-general = General
rank-colonel = Colonel
rank-major = Major
rank-captain = Captain
rank-lieutenant = Lieutenant
rank-sergeant = Sergeant
rank-miner = Miner
rank-scout = Scout
rank-spy = Spy
rank-bomb = Bomb
rank-flag = Flag
rank-letter-spy = S
rank-letter-bomb = B
rank-letter-flag = F
