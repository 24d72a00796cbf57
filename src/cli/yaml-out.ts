/** The CLI writes YAML through the I/O layer (`src/io/yaml-out.ts`); this module keeps the CLI's import paths. */
export { manifestsToYaml, manifestToYaml, YamlStreamWriter } from '../io/yaml-out';
