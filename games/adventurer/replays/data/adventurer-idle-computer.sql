-- The Adventurer Factory duel of shared/cases/adventurer-idle-computer.sql (croupierd
-- 0.1.0, main 349210d), cut where the computer had ended its turns 8, 10 and 12 with a dead
-- hand: the computer (cpu#1, seat 1, Back Alley) played two Caltrops, then ended turn after
-- turn with 9-10 Mind, a hand of 10-12 cards (Needs of Cutpurse or Quickling it had none
-- of, and a Cursed Idol) and nothing in play, while carol (seat 0, Iron Company) parleyed.
-- Made from the case's rows: its games row with the network and place the replay harness
-- uses ('replay', '#cards') and the duel open again (status 'open', no end, no result),
-- its journal up to seq 23 (the computer's end of turn 12; carol's turn 13 is next); carol
-- as a person and player of that network; and the empty tables of schema 3 (the schema of
-- stale-dealer.sql, the dump form `sqlite3 croupier.db .dump` gives, user_version on top).
-- Read by games/adventurer/replays/adventurer-idle-computer.replay (load-database).
PRAGMA user_version=3;
PRAGMA foreign_keys=OFF;
BEGIN TRANSACTION;
CREATE TABLE players (
               network TEXT NOT NULL,
               key     TEXT NOT NULL,          -- casefolded nick: the identity on its network
               nick    TEXT NOT NULL,          -- last shown form
               created INTEGER NOT NULL,       -- unix seconds
               PRIMARY KEY (network, key)
           ) WITHOUT ROWID;
INSERT INTO players VALUES('replay','h:carol!~carol@127.0.0.4','carol',1795631946);
CREATE TABLE games (
               id      INTEGER PRIMARY KEY,
               kind    TEXT NOT NULL,
               variant TEXT NOT NULL DEFAULT '',
               network TEXT NOT NULL,
               place   TEXT NOT NULL,
               deal    INTEGER NOT NULL,       -- the 64-bit deal number, stored as signed
               setup   TEXT NOT NULL DEFAULT '',
               started INTEGER NOT NULL,
               ended   INTEGER NOT NULL DEFAULT 0,
               status  TEXT NOT NULL DEFAULT 'open'
                       CHECK (status IN ('open', 'finished', 'abandoned', 'stopped')),
               result  TEXT NOT NULL DEFAULT ''
           );
INSERT INTO games VALUES(13,'adventurer','','replay','#cards',5664931482580225151,'v2	5664931482580225151		2	carol	0	h:carol!~carol@127.0.0.4	cpu#1	1	*cpu#1	cards	[Sellsword]\ntype = Class\ncost = 1\nfills = class\nprovides = Sellsword\nattack = +1\ntext = Paid by the day, loyal by the hour.\n\n[Stoneborn]\ntype = Race\ncost = 1\nfills = race\nprovides = Stoneborn\ndefence = +1\ncharisma = +1\ntext = Quarried, not born, whatever they tell you.\n\n[Rusty Blade]\ntype = Weapon\ncost = 1\nfills = hand\nattack die = 1d4\ntext = Found in a ditch, with its last owner.\n\n[Iron Shortsword]\ntype = Weapon\ncost = 2\nneeds = Sellsword\nfills = hand\nattack die = 1d6\ntext = Standard issue of an army that no longer exists.\n\n[Bastard Sword]\ntype = Weapon\ncost = 3\nneeds = 2 Sellsword\nfills = hand\nattack die = 1d8\nattack = +1\ntext = Nobody asks about its parents twice.\n\n[Great Maul]\ntype = Weapon\ncost = 4\nneeds = 2 Sellsword, Stoneborn\nfills = two hands\nattack die = 2d6\ndefence = -1\ntext = Subtle as a landslide.\n\n[Oak Buckler]\ntype = Armour\ncost = 1\nfills = hand\ndefence = +1\naction = 1 mind: negate 2 health\ntext = Still has the bark on.\n\n[Tower Shield]\ntype = Armour\ncost = 3\nneeds = Sellsword\nfills = hand\ndefence = +2\ntext = A wall you carry.\n\n[Padded Jerkin]\ntype = Armour\ncost = 1\nfills = body\ndefence = +1\ntext = Smells of every fight it has been in.\n\n[Chain Hauberk]\ntype = Armour\ncost = 3\nneeds = Sellsword\nfills = body\ndefence = +2\ntext = Ten thousand rings, each one a promise.\n\n[Dented Helm]\ntype = Armour\ncost = 1\nfills = head\ndefence = +1\ntext = Each dent a lesson.\n\n[War Pony]\ntype = Item\ncost = 2\nfills = mount\nattack = +1\ntext = Short, stout and biting.\n\n[Shield Bash]\ntype = Weapon\ncost = 2\nneeds = Sellsword\nfills = none\naction = 1 mind, encounter: attack with 1d6+1\ntext = The edge is for show; the rim does the work.\n\n[Squire]\ntype = Minion\ncost = 2\nneeds = Sellsword\nfills = none\nprovides = Sellsword\naction = 1 mind: negate 3 health\ntext = Carries the shield. Sometimes in the way.\n\n[Drill Sergeant]\ntype = Minion\ncost = 3\nneeds = 2 Sellsword\nfills = none\naction = 2 mind: counter 1 attack\ntext = Again. Again! AGAIN!\n\n[Healing Salve]\ntype = Consumable\ncost = 1\nfills = none\naction = consume: heal 1d6+1 health\ntext = Stings, which is how you know it works.\n\n[Whetstone]\ntype = Item/Consumable\ncost = 1\nfills = beltpouch\naction = consume: attack die 2d4\ntext = A few strokes and it bites again.\n\n[Cutpurse]\ntype = Class\ncost = 1\nfills = class\nprovides = Cutpurse\naction = 1 mind: drain 1 mind\ntext = Your purse was heavier a moment ago.\n\n[Quickling]\ntype = Race\ncost = 1\nfills = race\nprovides = Quickling\nattack = +1\naction = 1 mind: negate 3 health\ntext = Was standing right there. Is not now.\n\n[Stiletto]\ntype = Weapon\ncost = 1\nneeds = Cutpurse\nfills = hand\nattack die = 1d6\naction = 1 mind: damage 1 health\ntext = Thin enough to pass between excuses.\n\n[Loaded Dice]\ntype = Item\ncost = 1\nneeds = Cutpurse\nfills = beltpouch\naction = 1 mind: parley die 2d4\ntext = Sevens, every time. Funny, that.\n\n[Shadow Cloak]\ntype = Armour\ncost = 2\nneeds = Cutpurse\nfills = back\ndefence = +1\naction = 1 mind: negate 4 health\ntext = The blow meets only the cloak.\n\n[Sticky Fingers]\ntype = Spell\ncost = 2\nneeds = Cutpurse\nfills = none\naction = 1 mind: discard 1\ntext = Whatever you were holding, you are not now.\n\n[Smoke Pellet]\ntype = Consumable\ncost = 1\nfills = none\naction = consume: skip encounter\ntext = Cough, splutter, gone.\n\n[Caltrops]\ntype = Consumable\ncost = 1\nfills = none\naction = consume: damage 1d4+1 health\ntext = Scattered where you will step.\n\n[Poisoned Dart]\ntype = Consumable\ncost = 2\nneeds = Cutpurse\nfills = none\naction = consume: damage 2d4 health\ntext = A pinprick, then a long afternoon.\n\n[Forged Letter]\ntype = Consumable\ncost = 1\nneeds = Cutpurse\nfills = none\naction = consume: damage 1d6+1 willpower\ntext = Your mother writes that she is ashamed of you.\n\n[Street Urchin]\ntype = Minion\ncost = 2\nneeds = Cutpurse\nfills = none\nprovides = Cutpurse\naction = : look hand\ntext = Sees everything. Sells most of it.\n\n[Fence]\ntype = Minion\ncost = 3\nneeds = 2 Cutpurse\nfills = none\naction = 1 mind: drain 2 mind, damage 1 willpower\ntext = Buys your luck cheap.\n\n[Master of Knives]\ntype = Minion\ncost = 4\nneeds = 3 Cutpurse\nfills = none\nattack = +1\naction = 2 mind, encounter: attack with 2d6, discard 1\ntext = Every sleeve, every boot, every smile.\n\n[Quickling Pony]\ntype = Item\ncost = 2\nneeds = Quickling\nfills = mount\ndefence = +1\nattack = +1\ntext = Fast enough to outrun its own shadow.\n\n[Cursed Idol]\ntype = Item\ncost = 0\nfills = neck\ncursed = yes\ncharisma = -1\naction = : gain 1 mind\ntext = It whispers good advice. It will not be put down.\n\n[Strong Ale]\ntype = Consumable\ncost = 1\nfills = none\naction = consume: heal 1d6+1 willpower\ntext = Courage, by the pint.\n\n	deck.0	Iron Company	deck.1	Back Alley	list.0	4 Sellsword, 3 Stoneborn, 3 Rusty Blade, 3 Iron Shortsword, 2 Bastard Sword, 2 Great Maul, 2 Oak Buckler, 2 Tower Shield, 2 Padded Jerkin, 2 Chain Hauberk, 2 Dented Helm, 2 War Pony, 2 Shield Bash, 3 Squire, 2 Drill Sergeant, 2 Healing Salve, 2 Whetstone	list.1	4 Cutpurse, 3 Quickling, 3 Stiletto, 2 Loaded Dice, 3 Shadow Cloak, 2 Sticky Fingers, 3 Smoke Pellet, 3 Caltrops, 3 Poisoned Dart, 3 Forged Letter, 3 Street Urchin, 2 Fence, 2 Master of Knives, 2 Quickling Pony, 1 Cursed Idol, 1 Strong Ale	response	20	saved.0	deck\nIron Company\n4 Sellsword, 3 Stoneborn, 3 Rusty Blade, 3 Iron Shortsword, 2 Bastard Sword, 2 Great Maul, 2 Oak Buckler, 2 Tower Shield, 2 Padded Jerkin, 2 Chain Hauberk, 2 Dented Helm, 2 War Pony, 2 Shield Bash, 3 Squire, 2 Drill Sergeant, 2 Healing Salve, 2 Whetstone',1795631946,0,'open','');
CREATE TABLE journal (
               game_id INTEGER NOT NULL REFERENCES games (id),
               seq     INTEGER NOT NULL CHECK (seq >= 1),
               seat    INTEGER NOT NULL,
               action  TEXT NOT NULL,
               at      INTEGER NOT NULL,
               PRIMARY KEY (game_id, seq)
           ) WITHOUT ROWID;
INSERT INTO journal VALUES(13,1,0,'play Stoneborn',1795631954);
INSERT INTO journal VALUES(13,2,0,'play Dented Helm',1795631959);
INSERT INTO journal VALUES(13,3,0,'parley',1795631964);
INSERT INTO journal VALUES(13,4,1,'play Caltrops',1795631964);
INSERT INTO journal VALUES(13,5,1,'use Caltrops',1795631964);
INSERT INTO journal VALUES(13,6,1,'end',1795631964);
INSERT INTO journal VALUES(13,7,0,'play Oak Buckler',1795631969);
INSERT INTO journal VALUES(13,8,0,'parley',1795631973);
INSERT INTO journal VALUES(13,9,1,'end',1795631973);
INSERT INTO journal VALUES(13,10,0,'play Healing Salve',1795631978);
INSERT INTO journal VALUES(13,11,0,'use Healing Salve',1795631983);
INSERT INTO journal VALUES(13,12,0,'parley',1795631987);
INSERT INTO journal VALUES(13,13,1,'play Caltrops',1795631987);
INSERT INTO journal VALUES(13,14,0,'use Oak Buckler',1795631992);
INSERT INTO journal VALUES(13,15,1,'use Caltrops',1795631992);
INSERT INTO journal VALUES(13,16,1,'end',1795631992);
INSERT INTO journal VALUES(13,17,0,'play Padded Jerkin',1795631996);
INSERT INTO journal VALUES(13,18,0,'parley',1795632000);
INSERT INTO journal VALUES(13,19,1,'end',1795632000);
INSERT INTO journal VALUES(13,20,0,'parley',1795632005);
INSERT INTO journal VALUES(13,21,1,'end',1795632005);
INSERT INTO journal VALUES(13,22,0,'parley',1795632009);
INSERT INTO journal VALUES(13,23,1,'end',1795632009);
CREATE TABLE results (
               game_id  INTEGER NOT NULL REFERENCES games (id),
               seat     INTEGER NOT NULL,
               key      TEXT NOT NULL,
               nick     TEXT NOT NULL,
               points   INTEGER NOT NULL DEFAULT 0,
               won      INTEGER NOT NULL DEFAULT 0,
               computer INTEGER NOT NULL DEFAULT 0,
               detail   TEXT NOT NULL DEFAULT '',
               PRIMARY KEY (game_id, seat)
           );
CREATE TABLE ratings (
               network TEXT NOT NULL,
               key     TEXT NOT NULL,
               kind    TEXT NOT NULL,
               variant TEXT NOT NULL DEFAULT '',
               rating  REAL NOT NULL DEFAULT 1500,
               games   INTEGER NOT NULL DEFAULT 0,
               wins    INTEGER NOT NULL DEFAULT 0,
               points  INTEGER NOT NULL DEFAULT 0,
               PRIMARY KEY (network, key, kind, variant),
               FOREIGN KEY (network, key) REFERENCES players (network, key)
           ) WITHOUT ROWID;
CREATE TABLE prefs (
               network TEXT NOT NULL,
               key     TEXT NOT NULL,
               name    TEXT NOT NULL,
               value   TEXT NOT NULL,
               PRIMARY KEY (network, key, name)
           ) WITHOUT ROWID;
CREATE TABLE kv (
               name  TEXT PRIMARY KEY,
               value TEXT NOT NULL
           ) WITHOUT ROWID;
CREATE TABLE persons (
               network  TEXT NOT NULL,
               key      TEXT NOT NULL,          -- "a:<account>" or "h:<nick>!<user@host>"
               nick     TEXT NOT NULL,          -- the nick last seen, as shown
               nick_key TEXT NOT NULL,          -- the same, casefolded
               account  TEXT NOT NULL DEFAULT '',
               userhost TEXT NOT NULL DEFAULT '',
               seen     INTEGER NOT NULL,       -- unix seconds of the last change
               PRIMARY KEY (network, key)
           ) WITHOUT ROWID;
INSERT INTO persons VALUES('replay','h:carol!~carol@127.0.0.4','carol','carol','','~carol@127.0.0.4',1795631946);
CREATE TABLE saved (
               network TEXT NOT NULL,
               key     TEXT NOT NULL,
               kind    TEXT NOT NULL,
               slot    TEXT NOT NULL,
               version INTEGER NOT NULL,
               data    BLOB NOT NULL,
               updated INTEGER NOT NULL,
               PRIMARY KEY (network, key, kind, slot)
           ) WITHOUT ROWID;
CREATE TABLE xp (
               network TEXT NOT NULL,
               key     TEXT NOT NULL,
               kind    TEXT NOT NULL,
               xp      INTEGER NOT NULL DEFAULT 0,
               PRIMARY KEY (network, key, kind)
           ) WITHOUT ROWID;
CREATE TABLE lobbies (
               network  TEXT NOT NULL,
               place    TEXT NOT NULL,
               kind     TEXT NOT NULL,
               opener   TEXT NOT NULL,
               data     TEXT NOT NULL,
               deadline INTEGER NOT NULL,
               PRIMARY KEY (network, place, kind, opener)
           ) WITHOUT ROWID;
CREATE INDEX games_open ON games (id) WHERE status = 'open';
CREATE INDEX games_kind ON games (network, kind, ended);
CREATE INDEX results_player ON results (key, game_id);
CREATE INDEX ratings_top ON ratings (network, kind, variant, rating DESC, wins DESC);
CREATE INDEX persons_nick ON persons (network, nick_key);
COMMIT;
