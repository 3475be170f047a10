// The new frontend system: `app.packages: all` discovers @smartx-cape/plugin-cape-labels/alpha.
import '@backstage/cli/asset-types';
import ReactDOM from 'react-dom/client';
import { createApp } from '@backstage/frontend-defaults';
import '@backstage/ui/css/styles.css';

const app = createApp();

ReactDOM.createRoot(document.getElementById('root')!).render(app.createRoot());
