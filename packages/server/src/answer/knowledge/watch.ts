import { watch, type FSWatcher } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';

export interface FolderWatch {
  close(): void;
}

/**
 * Calls `onChange` once things settle after any change in `dir` or its immediate sub-folders (the
 * language folders). Folders are watched one by one rather than recursively, which Node does not
 * support on every platform; `refresh` picks up folders created since.
 */
export function watchFolder(
  dir: string,
  onChange: () => void,
  debounceMs = 250,
): FolderWatch & { refresh(): Promise<void> } {
  const watchers = new Map<string, FSWatcher>();
  let timer: NodeJS.Timeout | undefined;
  let closed = false;

  const changed = () => {
    if (closed) return;
    clearTimeout(timer);
    timer = setTimeout(onChange, debounceMs);
  };

  const add = (folder: string) => {
    if (watchers.has(folder)) return;
    try {
      const watcher = watch(folder, { persistent: false }, changed);
      watcher.on('error', () => {
        watcher.close();
        watchers.delete(folder);
        changed();
      });
      watchers.set(folder, watcher);
    } catch {
      // The folder vanished between listing and watching: the parent's watcher reports it.
    }
  };

  const refresh = async () => {
    if (closed) return;
    add(dir);
    const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
    const present = new Set([
      dir,
      ...entries.filter((e) => e.isDirectory()).map((e) => path.join(dir, e.name)),
    ]);
    for (const folder of present) add(folder);
    for (const [folder, watcher] of watchers) {
      if (!present.has(folder)) {
        watcher.close();
        watchers.delete(folder);
      }
    }
  };

  return {
    refresh,
    close() {
      closed = true;
      clearTimeout(timer);
      for (const watcher of watchers.values()) watcher.close();
      watchers.clear();
    },
  };
}
