/** Follows the system's light or dark preference (prefers-color-scheme). */
import { useEffect, useState } from 'react';
import type { PaneTheme } from '../ui/App';

function current(): PaneTheme {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
}

export function useColorScheme(): PaneTheme {
  const [theme, setTheme] = useState<PaneTheme>(current);
  useEffect(() => {
    if (typeof window.matchMedia !== 'function') return;
    const query = window.matchMedia('(prefers-color-scheme: dark)');
    const onChange = () => setTheme(query.matches ? 'dark' : 'light');
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, []);
  return theme;
}
