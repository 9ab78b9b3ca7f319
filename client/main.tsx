import { hydrateRoot } from 'react-dom/client';
import type { PageProps } from '../src/shared/page-props';
import { Root } from './app/Root';
import './styles/app.css';

const propsElement = document.getElementById('__PROPS__');
const root = document.getElementById('root');
if (propsElement && root) {
  const props = JSON.parse(propsElement.textContent ?? '{}') as PageProps;
  hydrateRoot(root, <Root initialProps={props} />);
}
