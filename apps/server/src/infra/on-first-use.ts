/**
 * A loader that runs `load` on its first call and hands every later call the same promise; a load
 * that failed is run again on the next call. For native libraries the server should not hold from
 * its start (sharp, the captcha's canvas): tens of MB that most servers use rarely or never.
 */
export function onFirstUse<T>(load: () => Promise<T>): () => Promise<T> {
  let loaded: Promise<T> | undefined;
  return () => {
    if (!loaded) {
      const loading = load();
      loading.catch(() => {
        if (loaded === loading) loaded = undefined;
      });
      loaded = loading;
    }
    return loaded;
  };
}
