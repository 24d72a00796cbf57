import { pointTmpdirAtRunFolder } from './tmpdir';

export default pointTmpdirAtRunFolder;
