/**
 * The SQLite database's file name in `DATA_DIR`, apart from `sqlite.ts` so that the server's
 * main thread (its start-up line) and the backup tools name it without loading the driver.
 */
export const DATABASE_FILE = 'gangsta.sqlite';

/** The files SQLite keeps beside the database in WAL mode. */
export const DATABASE_SIDE_FILES = ['-wal', '-shm'] as const;
