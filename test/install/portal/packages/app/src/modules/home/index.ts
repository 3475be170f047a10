export { homeModule } from './homeModule';
