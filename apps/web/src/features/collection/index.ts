export { CollectModal } from './components/collect-modal.tsx';
export { DetailRows } from './components/detail-rows.tsx';
export { WhyPanel, WhyView } from './components/why-panel.tsx';
