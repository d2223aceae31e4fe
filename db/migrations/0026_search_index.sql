-- Search (issue 37): one FTS5 index per kind over its table's own text (external content, so no
-- text is stored twice), accents and case ignored, with prefix indexes for words being typed.
-- Triggers keep each index in the same transaction as every write, whoever writes (the web, the
-- bot, an archive import). Memories are indexed only while on the board: the trash is not searched.
CREATE VIRTUAL TABLE `memories_search` USING fts5(message, content='memories', content_rowid='id', tokenize='unicode61 remove_diacritics 2', prefix='2 3');
--> statement-breakpoint
CREATE TRIGGER `memories_search_insert` AFTER INSERT ON `memories` WHEN new.deleted_at IS NULL BEGIN
  INSERT INTO memories_search(rowid, message) VALUES (new.id, new.message);
END;
--> statement-breakpoint
CREATE TRIGGER `memories_search_delete` AFTER DELETE ON `memories` WHEN old.deleted_at IS NULL BEGIN
  INSERT INTO memories_search(memories_search, rowid, message) VALUES ('delete', old.id, old.message);
END;
--> statement-breakpoint
CREATE TRIGGER `memories_search_update` AFTER UPDATE OF message, deleted_at ON `memories` BEGIN
  INSERT INTO memories_search(memories_search, rowid, message) SELECT 'delete', old.id, old.message WHERE old.deleted_at IS NULL;
  INSERT INTO memories_search(rowid, message) SELECT new.id, new.message WHERE new.deleted_at IS NULL;
END;
--> statement-breakpoint
INSERT INTO memories_search(rowid, message) SELECT id, message FROM memories WHERE deleted_at IS NULL;
--> statement-breakpoint
CREATE VIRTUAL TABLE `answers_search` USING fts5(response, content='answers', content_rowid='id', tokenize='unicode61 remove_diacritics 2', prefix='2 3');
--> statement-breakpoint
CREATE TRIGGER `answers_search_insert` AFTER INSERT ON `answers` BEGIN
  INSERT INTO answers_search(rowid, response) VALUES (new.id, new.response);
END;
--> statement-breakpoint
CREATE TRIGGER `answers_search_delete` AFTER DELETE ON `answers` BEGIN
  INSERT INTO answers_search(answers_search, rowid, response) VALUES ('delete', old.id, old.response);
END;
--> statement-breakpoint
CREATE TRIGGER `answers_search_update` AFTER UPDATE OF response ON `answers` BEGIN
  INSERT INTO answers_search(answers_search, rowid, response) VALUES ('delete', old.id, old.response);
  INSERT INTO answers_search(rowid, response) VALUES (new.id, new.response);
END;
--> statement-breakpoint
INSERT INTO answers_search(answers_search) VALUES ('rebuild');
--> statement-breakpoint
CREATE VIRTUAL TABLE `later_letters_search` USING fts5(text, content='later_letters', content_rowid='id', tokenize='unicode61 remove_diacritics 2', prefix='2 3');
--> statement-breakpoint
CREATE TRIGGER `later_letters_search_insert` AFTER INSERT ON `later_letters` BEGIN
  INSERT INTO later_letters_search(rowid, text) VALUES (new.id, new.text);
END;
--> statement-breakpoint
CREATE TRIGGER `later_letters_search_delete` AFTER DELETE ON `later_letters` BEGIN
  INSERT INTO later_letters_search(later_letters_search, rowid, text) VALUES ('delete', old.id, old.text);
END;
--> statement-breakpoint
CREATE TRIGGER `later_letters_search_update` AFTER UPDATE OF text ON `later_letters` BEGIN
  INSERT INTO later_letters_search(later_letters_search, rowid, text) VALUES ('delete', old.id, old.text);
  INSERT INTO later_letters_search(rowid, text) VALUES (new.id, new.text);
END;
--> statement-breakpoint
INSERT INTO later_letters_search(later_letters_search) VALUES ('rebuild');
--> statement-breakpoint
CREATE VIRTUAL TABLE `letters_search` USING fts5(text, content='letters', content_rowid='id', tokenize='unicode61 remove_diacritics 2', prefix='2 3');
--> statement-breakpoint
CREATE TRIGGER `letters_search_insert` AFTER INSERT ON `letters` BEGIN
  INSERT INTO letters_search(rowid, text) VALUES (new.id, new.text);
END;
--> statement-breakpoint
CREATE TRIGGER `letters_search_delete` AFTER DELETE ON `letters` BEGIN
  INSERT INTO letters_search(letters_search, rowid, text) VALUES ('delete', old.id, old.text);
END;
--> statement-breakpoint
CREATE TRIGGER `letters_search_update` AFTER UPDATE OF text ON `letters` BEGIN
  INSERT INTO letters_search(letters_search, rowid, text) VALUES ('delete', old.id, old.text);
  INSERT INTO letters_search(rowid, text) VALUES (new.id, new.text);
END;
--> statement-breakpoint
INSERT INTO letters_search(letters_search) VALUES ('rebuild');
--> statement-breakpoint
CREATE VIRTUAL TABLE `products_search` USING fts5(name, description, content='products', content_rowid='id', tokenize='unicode61 remove_diacritics 2', prefix='2 3');
--> statement-breakpoint
CREATE TRIGGER `products_search_insert` AFTER INSERT ON `products` BEGIN
  INSERT INTO products_search(rowid, name, description) VALUES (new.id, new.name, new.description);
END;
--> statement-breakpoint
CREATE TRIGGER `products_search_delete` AFTER DELETE ON `products` BEGIN
  INSERT INTO products_search(products_search, rowid, name, description) VALUES ('delete', old.id, old.name, old.description);
END;
--> statement-breakpoint
CREATE TRIGGER `products_search_update` AFTER UPDATE OF name, description ON `products` BEGIN
  INSERT INTO products_search(products_search, rowid, name, description) VALUES ('delete', old.id, old.name, old.description);
  INSERT INTO products_search(rowid, name, description) VALUES (new.id, new.name, new.description);
END;
--> statement-breakpoint
INSERT INTO products_search(products_search) VALUES ('rebuild');
