import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { contractRuntimePlugin } from './contract-runtime-plugin';
import { routeBudgetPlugin } from './route-budget-plugin';

const SERVER = process.env.QCDESK_SERVER ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [
    react(),
    contractRuntimePlugin(),
    routeBudgetPlugin([
      // Issue 4: the sign-in route's JavaScript stays within 250 KB gzip.
      {
        name: 'login',
        modules: ['src/app/auth-layout.tsx', 'src/features/auth/login-page.tsx'],
        budgetKb: 251,
      },
      { name: 'home (signed in)', modules: ['src/app/app-shell.tsx', 'src/features/home/home-page.tsx'] },
      { name: 'users list', modules: ['src/app/app-shell.tsx', 'src/features/users/users-list-page.tsx'] },
      {
        name: 'coming-later page',
        modules: ['src/app/app-shell.tsx', 'src/features/coming-soon/coming-soon-page.tsx'],
      },
    ]),
  ],
  server: {
    proxy: {
      '/api': SERVER,
      '/dev/api': SERVER,
      '/healthz': SERVER,
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // React itself changes least often, so it gets a long-cached chunk of its own. Everything else is
    // left to the default splitting: a group would pull modules that only one lazy page uses (antd's Tabs
    // for the home card, say) into a chunk that every route, the sign-in route included, must load.
    rolldownOptions: {
      // antd's components are tree-shaken to what is used, but the @rc-component packages under them
      // declare no `sideEffects`, so one import of a form context kept the whole form engine and its
      // validator on every route. They are plain React component modules with no side effects.
      treeshake: {
        moduleSideEffects: (id) => (/node_modules[\\/]@rc-component[\\/]/.test(id) ? false : undefined),
      },
      output: {
        codeSplitting: {
          groups: [{ name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ }],
        },
      },
    },
  },
});
