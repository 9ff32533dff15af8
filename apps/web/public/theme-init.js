// Applies the stored theme before first paint, so dark mode never flashes light. Kept tiny and external (CSP: no inline scripts).
(() => {
  try {
    const theme = localStorage.getItem('theme');
    const dark =
      theme === 'dark' ||
      ((!theme || theme === 'system') && window.matchMedia('(prefers-color-scheme: dark)').matches);
    document.documentElement.classList.toggle('dark', dark);
  } catch {
    // Storage may be blocked; the light theme is a fine fallback.
  }
})();
