import { removeRunFolder } from './tmpdir';

export default removeRunFolder;
