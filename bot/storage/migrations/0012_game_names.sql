-- Many games at one table (issue 27): each game row names its game (engine/registry), every game stored before
-- games had names being A Game of Thrones.
ALTER TABLE games ADD COLUMN game TEXT NOT NULL DEFAULT 'agot';
