import { App } from 'cdk8s';
import { ProviderChart } from './provider-chart';

// `npm run synth` runs this through `cdk8s synth`; the YAML lands in examples/dist/.
const app = new App();
new ProviderChart(app, 'mangodb-provider');
app.synth();
