-- A database in which players split themselves into several persons, made by croupierd
-- 44b3aba (main before issue 32, which keyed a person without an account by the nick first
-- seen, "h:<nick>!<user>@<host>", with #2 when that was taken). Made by replaying
-- tests/replay/data/split-persons-44b3aba.transcript with that build (its temporary
-- database kept), then `sqlite3 croupier.db .dump`, with the user_version it had on top.
-- nx (~nx@127.0.0.1): Spider game 1 as nx, renamed nx_away, an encounter fled, plain on,
--   quit; back as nx ten minutes later: a new person h:nx!~nx@127.0.0.1#2 with Spider
--   game 3, suits 4, an encounter fled, and an Exordia8 table still taking players.
-- dk (~dk@127.0.0.1): a VCG duel won against the computer as dk1, deck Night Watch,
--   delivery privmsg, quit; back as dk2 an hour later: a second person with deck Mire Rot,
--   delivery notice, plain on, a VCG duel lost, seated at nx's table.
-- Read by tests/replay/persons-merged.replay (load-database).
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
INSERT INTO players VALUES('replay','h:dk1!~dk@127.0.0.1','dk1',1767226305);
INSERT INTO players VALUES('replay','h:dk2!~dk@127.0.0.1','dk2',1767229935);
INSERT INTO players VALUES('replay','h:nx!~nx@127.0.0.1','nx_away',1767225669);
INSERT INTO players VALUES('replay','h:nx!~nx@127.0.0.1#2','nx',1767226290);
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
INSERT INTO games VALUES(1,'spider','1suit','replay','nx',5833679380957638813,'v2	5833679380957638813	1suit	1	nx	0	h:nx!~nx@127.0.0.1	keep_runs	0',1767225600,0,'open','');
INSERT INTO games VALUES(2,'encounters','','replay','nx_away',4839782808629744545,'v2	4839782808629744545		2	nx_away	0	h:nx!~nx@127.0.0.1	the enemy	1	',1767225666,1767225669,'finished','no winner');
INSERT INTO games VALUES(3,'spider','2suit','replay','nx',-6676940282306817427,'v2	11769803791402734189	2suit	1	nx	0	h:nx!~nx@127.0.0.1#2	keep_runs	0',1767226278,0,'open','');
INSERT INTO games VALUES(4,'encounters','','replay','nx',-9138258183961285136,'v2	9308485889748266480		2	nx	0	h:nx!~nx@127.0.0.1#2	the enemy	1	',1767226284,1767226290,'finished','no winner');
INSERT INTO games VALUES(5,'vcg','','replay','#cards',3047264704176347588,'v2	3047264704176347588		2	dk1	0	h:dk1!~dk@127.0.0.1	cpu#1	1	*cpu#1	cards.0	Anvil Apprentice|Ironbound|1|4|2|+ 1 Power|+ 2 Power\nRivet Guard|Ironbound|2|5|3|- 2 Opp Attack Min 6|+ 2 Power\nForgemaster|Ironbound|4|7|5|+ 8 Attack|+ 2 Power\nIron Duchess|Ironbound|5|8|5|Courage: + 3 Damage|+ 2 Power\nSpark Imp|Emberkin|1|4|2|Courage: + 3 Power|+ 2 Damage\nCinder Dancer|Emberkin|2|5|3|+ 2 Damage|+ 2 Damage\nFlame Herald|Emberkin|3|6|3|Team: + 2 Attack|+ 2 Damage\nPyre Widow|Emberkin|4|6|5|Defeat: - 3 Opp Life Min 1|+ 2 Damage	cards.1	Anvil Apprentice|Ironbound|1|4|2|+ 1 Power|+ 2 Power\nRivet Guard|Ironbound|2|5|3|- 2 Opp Attack Min 6|+ 2 Power\nForgemaster|Ironbound|4|7|5|+ 8 Attack|+ 2 Power\nIron Duchess|Ironbound|5|8|5|Courage: + 3 Damage|+ 2 Power\nSpark Imp|Emberkin|1|4|2|Courage: + 3 Power|+ 2 Damage\nCinder Dancer|Emberkin|2|5|3|+ 2 Damage|+ 2 Damage\nFlame Herald|Emberkin|3|6|3|Team: + 2 Attack|+ 2 Damage\nPyre Widow|Emberkin|4|6|5|Defeat: - 3 Opp Life Min 1|+ 2 Damage	deck.0	Forge and Flame	deck.1	Forge and Flame',1767226293,1767226305,'finished','won by dk1');
INSERT INTO games VALUES(6,'vcg','','replay','#cards',-8265290720845211634,'v2	10181453352864339982		2	dk2	0	h:dk2!~dk@127.0.0.1	cpu#1	1	*cpu#1	cards.0	Bog Lurker|Mirefolk|1|4|1|Poison 2 Min 1|Poison 2 Min 2\nReed Witch|Mirefolk|2|4|3|Heal 2 Max 14|Poison 2 Min 2\nLeech Tender|Mirefolk|2|5|2|Steal 2 Life Min 1|Poison 2 Min 2\nFen Stalker|Mirefolk|3|6|4|Defeat: Poison 2 Min 3|Poison 2 Min 2\nMud Golem|Mirefolk|4|7|5|Backlash: - 3 Life Min 1|Poison 2 Min 2\nMarsh Crone|Mirefolk|3|5|3|Team: + 1 Damage|Poison 2 Min 2\nRot Shaman|Mirefolk|4|6|4|Revenge: Poison 3 Min 0|Poison 2 Min 2\nMosquito Swarm|Mirefolk|1|3|3|+ 2 Life per Damage|Poison 2 Min 2	cards.1	Ink Sprite|Quillwrights|1|3|3|Revenge: + 2 Damage|- 3 Opp Power Min 2\nArchivist|Quillwrights|2|4|3|Stop Opp Ability|- 3 Opp Power Min 2\nRiddle Sage|Quillwrights|3|5|4|Courage: Heal 2 Max 15|- 3 Opp Power Min 2\nLexicon Golem|Quillwrights|4|7|4|Stop: + 6 Damage|- 3 Opp Power Min 2\nCensor|Quillwrights|3|6|3|Courage: Stop Opp Bonus|- 3 Opp Power Min 2\nAsh Monk|Emberkin|3|5|4|- 3 Opp Life Min 3|+ 2 Damage\nEmber Thief|Emberkin|2|4|3|Steal 2 Potion Min 2|+ 2 Damage\nSmoke Veil|Emberkin|3|5|3|Stop Opp Bonus|+ 2 Damage	deck.0	Mire Rot	deck.1	Ink and Ash	saved.0	deck\nMire Rot\nMirefolk/Bog Lurker\nMirefolk/Reed Witch\nMirefolk/Leech Tender\nMirefolk/Fen Stalker\nMirefolk/Mud Golem\nMirefolk/Marsh Crone\nMirefolk/Rot Shaman\nMirefolk/Mosquito Swarm',1767229923,1767229935,'finished','won by cpu#1');
CREATE TABLE journal (
               game_id INTEGER NOT NULL REFERENCES games (id),
               seq     INTEGER NOT NULL CHECK (seq >= 1),
               seat    INTEGER NOT NULL,
               action  TEXT NOT NULL,
               at      INTEGER NOT NULL,
               PRIMARY KEY (game_id, seq)
           ) WITHOUT ROWID;
INSERT INTO journal VALUES(2,1,1,'move 1 9 1',1767225666);
INSERT INTO journal VALUES(2,2,1,'move 3 6 1',1767225666);
INSERT INTO journal VALUES(2,3,0,'flee',1767225669);
INSERT INTO journal VALUES(4,1,0,'flee',1767226290);
INSERT INTO journal VALUES(5,1,0,'play 1 3',1767226296);
INSERT INTO journal VALUES(5,2,1,'play 1 6',1767226296);
INSERT INTO journal VALUES(5,3,1,'play 2 4',1767226296);
INSERT INTO journal VALUES(5,4,0,'play 2 3',1767226299);
INSERT INTO journal VALUES(5,5,0,'play 3 3',1767226302);
INSERT INTO journal VALUES(5,6,1,'play 3 0',1767226302);
INSERT INTO journal VALUES(5,7,1,'play 4 2',1767226302);
INSERT INTO journal VALUES(5,8,0,'play 4 3',1767226305);
INSERT INTO journal VALUES(6,1,0,'play 1 3',1767229926);
INSERT INTO journal VALUES(6,2,1,'play 3 5',1767229926);
INSERT INTO journal VALUES(6,3,1,'play 2 4',1767229926);
INSERT INTO journal VALUES(6,4,0,'play 2 2',1767229929);
INSERT INTO journal VALUES(6,5,0,'play 3 3',1767229932);
INSERT INTO journal VALUES(6,6,1,'play 1 1',1767229932);
INSERT INTO journal VALUES(6,7,1,'play 4 1',1767229932);
INSERT INTO journal VALUES(6,8,0,'play 4 3',1767229935);
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
INSERT INTO results VALUES(2,0,'h:nx!~nx@127.0.0.1','nx_away',0,0,0,'level=1 xp=0 outcome=fled rounds=2 seconds=3');
INSERT INTO results VALUES(2,1,'*the enemy','the enemy',0,0,1,' seconds=3');
INSERT INTO results VALUES(4,0,'h:nx!~nx@127.0.0.1#2','nx',0,0,0,'level=1 xp=0 outcome=fled rounds=1 seconds=6');
INSERT INTO results VALUES(4,1,'*the enemy','the enemy',0,0,1,' seconds=6');
INSERT INTO results VALUES(5,0,'h:dk1!~dk@127.0.0.1','dk1',4,1,0,'life=4 potions=0 deck=Forge and Flame');
INSERT INTO results VALUES(5,1,'*cpu#1','cpu#1',0,0,1,'life=0 potions=0 deck=Forge and Flame');
INSERT INTO results VALUES(6,0,'h:dk2!~dk@127.0.0.1','dk2',1,0,0,'life=1 potions=1 deck=Mire Rot');
INSERT INTO results VALUES(6,1,'*cpu#1','cpu#1',7,1,1,'life=7 potions=1 deck=Ink and Ash');
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
INSERT INTO ratings VALUES('replay','h:dk1!~dk@127.0.0.1','vcg','',1500.0,1,1,4);
INSERT INTO ratings VALUES('replay','h:dk2!~dk@127.0.0.1','vcg','',1500.0,1,0,1);
INSERT INTO ratings VALUES('replay','h:nx!~nx@127.0.0.1','encounters','',1500.0,1,0,0);
INSERT INTO ratings VALUES('replay','h:nx!~nx@127.0.0.1#2','encounters','',1500.0,1,0,0);
CREATE TABLE prefs (
               network TEXT NOT NULL,
               key     TEXT NOT NULL,
               name    TEXT NOT NULL,
               value   TEXT NOT NULL,
               PRIMARY KEY (network, key, name)
           ) WITHOUT ROWID;
INSERT INTO prefs VALUES('replay','h:dk1!~dk@127.0.0.1','delivery','privmsg');
INSERT INTO prefs VALUES('replay','h:dk2!~dk@127.0.0.1','delivery','notice');
INSERT INTO prefs VALUES('replay','h:dk2!~dk@127.0.0.1','plain','1');
INSERT INTO prefs VALUES('replay','h:nx!~nx@127.0.0.1','plain','1');
INSERT INTO prefs VALUES('replay','h:nx!~nx@127.0.0.1#2','spider.suits','4');
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
INSERT INTO persons VALUES('replay','h:dk1!~dk@127.0.0.1','dk1','dk1','','~dk@127.0.0.1',1767226293);
INSERT INTO persons VALUES('replay','h:dk2!~dk@127.0.0.1','dk2','dk2','','~dk@127.0.0.1',1767229914);
INSERT INTO persons VALUES('replay','h:nx!~nx@127.0.0.1','nx_away','nx_away','','~nx@127.0.0.1',1767225606);
INSERT INTO persons VALUES('replay','h:nx!~nx@127.0.0.1#2','nx','nx','','~nx@127.0.0.1',1767226275);
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
INSERT INTO saved VALUES('replay','h:dk1!~dk@127.0.0.1','vcg','data',1,X'6465636b0a4e696768742057617463680a4c616e7465726e732f4c616d706c6967687465720a4c616e7465726e732f476174652057617264656e0a4c616e7465726e732f4e6967687420506174726f6c0a4c616e7465726e732f42656c6c72696e6765720a4c616e7465726e732f5761746368204361707461696e0a4c616e7465726e732f4c616e7465726e20486f756e640a4c616e7465726e732f4d6167697374726174650a4c616e7465726e732f426561636f6e2053656e74696e656c',1767226308);
INSERT INTO saved VALUES('replay','h:dk2!~dk@127.0.0.1','vcg','data',1,X'6465636b0a4d69726520526f740a4d697265666f6c6b2f426f67204c75726b65720a4d697265666f6c6b2f526565642057697463680a4d697265666f6c6b2f4c656563682054656e6465720a4d697265666f6c6b2f46656e205374616c6b65720a4d697265666f6c6b2f4d756420476f6c656d0a4d697265666f6c6b2f4d617273682043726f6e650a4d697265666f6c6b2f526f74205368616d616e0a4d697265666f6c6b2f4d6f73717569746f20537761726d',1767229914);
INSERT INTO saved VALUES('replay','h:nx!~nx@127.0.0.1','encounters','data',1,X'78703d302073747265616b3d3020666f6375733d30',1767225669);
INSERT INTO saved VALUES('replay','h:nx!~nx@127.0.0.1#2','encounters','data',1,X'78703d302073747265616b3d3020666f6375733d30',1767226290);
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
INSERT INTO lobbies VALUES('replay','#cards','exordia8','h:nx!~nx@127.0.0.1#2',replace('v1\nchallenge		\nseat	nx	h:nx!~nx@127.0.0.1#2	0\nseat	dk2	h:dk2!~dk@127.0.0.1	0\n','\n',char(10)),1767229998);
CREATE INDEX games_open ON games (id) WHERE status = 'open';
CREATE INDEX games_kind ON games (network, kind, ended);
CREATE INDEX results_player ON results (key, game_id);
CREATE INDEX ratings_top ON ratings (network, kind, variant, rating DESC, wins DESC);
CREATE INDEX persons_nick ON persons (network, nick_key);
COMMIT;
