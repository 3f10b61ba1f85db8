-- A database as a build before issue 28 left it: one Exordia8 game at #cards with a
-- computer player at it (alice and cpu#1, finished), and under the kv name those builds
-- used, "dealer:replay:#cards", alice's person key: the value the builds before 8540f2d
-- wrote when alice won a game with computer players (a winner they let deal the next
-- table of people). Made by replaying games/exordia8/replays/data/stale-dealer.transcript (its
-- temporary database kept, as split-persons-44b3aba.sql says how), removing the
-- "next-dealer:" row this build writes and adding the old row by hand, then
-- `sqlite3 croupier.db .dump` with the user_version on top.
-- Read by games/exordia8/replays/exordia8-stale-dealer.replay (load-database).
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
INSERT INTO players VALUES('replay','h:a@a.example','alice',1767225606);
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
INSERT INTO games VALUES(1,'exordia8','','replay','#cards',7134611160154358618,'v2	7134611160154358618		2	alice	0	h:a@a.example	cpu#1	1	*cpu#1	players_per_pack	6',1767225603,1767225606,'finished','won by cpu#1');
CREATE TABLE journal (
               game_id INTEGER NOT NULL REFERENCES games (id),
               seq     INTEGER NOT NULL CHECK (seq >= 1),
               seat    INTEGER NOT NULL,
               action  TEXT NOT NULL,
               at      INTEGER NOT NULL,
               PRIMARY KEY (game_id, seq)
           ) WITHOUT ROWID;
INSERT INTO journal VALUES(1,1,0,'leave',1767225606);
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
INSERT INTO results VALUES(1,0,'h:a@a.example','alice',0,0,0,'cards=0 hand=0 left');
INSERT INTO results VALUES(1,1,'*cpu#1','cpu#1',0,1,1,'cards=5 hand=77');
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
INSERT INTO ratings VALUES('replay','h:a@a.example','exordia8','',1500.0,1,0,0);
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
INSERT INTO kv VALUES('dealer:replay:#cards','h:a@a.example');
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
INSERT INTO persons VALUES('replay','h:a@a.example','alice','alice','','a@a.example',1767225600);
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
