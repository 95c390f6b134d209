import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { applyThemeCssVariables } from './app/theme';
import './app/global.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

applyThemeCssVariables(document.documentElement);

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
