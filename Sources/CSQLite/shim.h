// The system SQLite for Swift (the history store, Sources/HistoryStore).
// SQLITE_TRANSIENT is a macro cast Swift cannot import; the store binds
// text with a copy, through this constant.
#include <sqlite3.h>

static const sqlite3_destructor_type diffbench_sqlite_transient = (sqlite3_destructor_type)-1;
