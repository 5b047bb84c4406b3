//! Files: reading a file that must be a regular file of bounded size, in one step that can
//! neither block (a FIFO, a device) nor fill the memory (an endless file). The judge reads
//! test data, limits and sources through it; `stress` the user's sources (through
//! [`build`](crate::build)). Verified by tests/judge.rs (a FIFO, a device, a long file).

use std::fs;
use std::io::Read;
use std::path::Path;

/// The contents of `path`, which must be a regular file of at most `max` bytes. A FIFO, a
/// device or a longer file is an error: nothing here can block or fill the memory (the file
/// is opened non-blocking, checked once open, and read through a bound).
pub fn read_regular(path: &Path, max: u64) -> Result<Vec<u8>, String> {
    let cannot = |why: String| format!("cannot read {}: {why}", path.display());
    let kind = fs::metadata(path).map_err(|e| cannot(e.to_string()))?;
    regular_and_bounded(&kind, max).map_err(cannot)?;
    let file = open_non_blocking(path).map_err(|e| cannot(e.to_string()))?;
    let opened = file.metadata().map_err(|e| cannot(e.to_string()))?;
    regular_and_bounded(&opened, max).map_err(cannot)?;
    let mut bytes = Vec::new();
    file.take(max + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| cannot(e.to_string()))?;
    if bytes.len() as u64 > max {
        return Err(cannot(over(max)));
    }
    Ok(bytes)
}

/// `Ok` for a regular file of at most `max` bytes; otherwise what it is instead.
fn regular_and_bounded(metadata: &fs::Metadata, max: u64) -> Result<(), String> {
    if !metadata.is_file() {
        return Err(format!("not a regular file ({})", kind_of(metadata)));
    }
    if metadata.len() > max {
        return Err(over(max));
    }
    Ok(())
}

fn over(max: u64) -> String {
    if max >= 1 << 20 {
        format!("over the {} MiB the judge reads", max >> 20)
    } else {
        format!("over the {} KiB the judge reads", max >> 10)
    }
}

/// What a file that is not a regular file is, for the message.
fn kind_of(metadata: &fs::Metadata) -> &'static str {
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        let kind = metadata.file_type();
        if kind.is_fifo() {
            return "a FIFO";
        }
        if kind.is_char_device() || kind.is_block_device() {
            return "a device";
        }
        if kind.is_socket() {
            return "a socket";
        }
    }
    if metadata.is_dir() {
        "a folder"
    } else {
        "not a plain file"
    }
}

/// Opens for reading without waiting for a writer (a FIFO swapped in after the check).
fn open_non_blocking(path: &Path) -> std::io::Result<fs::File> {
    let mut options = fs::OpenOptions::new();
    options.read(true);
    #[cfg(target_os = "linux")]
    {
        use std::os::unix::fs::OpenOptionsExt;
        // O_NONBLOCK on Linux (x86, Arm, RISC-V; libc's value, spelled out: std only).
        options.custom_flags(0o4000);
    }
    options.open(path)
}
