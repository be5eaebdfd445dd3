-- PostgreSQL schema version 6 (as the SQLite store's 0012): each game row names its game (engine/registry), every
-- game stored before games had names being A Game of Thrones.
ALTER TABLE games ADD COLUMN game text NOT NULL DEFAULT 'agot';
