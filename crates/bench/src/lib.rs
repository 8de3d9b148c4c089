//! What the recording benchmark (`benches/versus/`) and the book's tests
//! share: the rows of the speed tables (`rows`), the records of the runs
//! (`record`) and the tables rendered from them (`render`).

pub mod record;
pub mod render;
pub mod rows;
