import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app.tsx';
import './player.css';
import { reloadOnErrors } from './reload.ts';

reloadOnErrors();

// The service worker answers the clips from the cache (sw.ts); the page works without it meanwhile.
if ('serviceWorker' in navigator) void navigator.serviceWorker.register('/player/sw.js', { scope: '/player/' });

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
