export { ExternalWork } from './components/external-work';
export { ExternalFacts } from './components/external-facts';
export { LaunchLinkPanel } from './components/launch-link-panel';
export { LaunchPage } from './components/launch-page';
export { safeExternalUrl } from './model/safe-url';
