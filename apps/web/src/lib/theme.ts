// Light, dark or system theme, stored under the key 'theme' (docs/screens.md, "App-wide constants").
import { THEMES, type Theme } from '@stamina/core';
import { useCallback, useEffect, useState } from 'react';

/** Also read by public/theme-init.js, which applies the theme before first paint. */
const THEME_STORAGE_KEY = 'theme';

function readTheme(): Theme {
  const stored = localStorage.getItem(THEME_STORAGE_KEY);
  return THEMES.includes(stored as Theme) ? (stored as Theme) : 'system';
}

function applyTheme(theme: Theme): void {
  const dark =
    theme === 'dark' || (theme === 'system' && window.matchMedia?.('(prefers-color-scheme: dark)').matches);
  document.documentElement.classList.toggle('dark', Boolean(dark));
}

export function useTheme(): [Theme, (theme: Theme) => void] {
  const [theme, setThemeState] = useState<Theme>(readTheme);
  useEffect(() => {
    applyTheme(theme);
    if (theme !== 'system' || !window.matchMedia) return;
    const query = window.matchMedia('(prefers-color-scheme: dark)');
    const follow = () => applyTheme('system');
    query.addEventListener('change', follow);
    return () => query.removeEventListener('change', follow);
  }, [theme]);
  const setTheme = useCallback((next: Theme) => {
    localStorage.setItem(THEME_STORAGE_KEY, next);
    setThemeState(next);
  }, []);
  return [theme, setTheme];
}
