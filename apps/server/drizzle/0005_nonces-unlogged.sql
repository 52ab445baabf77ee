-- Replay nonces live for the replay window only (300 s). Logging them in the WAL made every sealed
-- call wait for a disk flush (~550 calls/s per process on PostgreSQL). After a crash PostgreSQL
-- empties an unlogged table; see docs/adr/0007-unlogged-nonces.md for why that is acceptable.
ALTER TABLE "envelope_nonces" SET UNLOGGED;
