// Where the interpreters are on a Debian host.
export const PYTHON_PATH = '/usr/bin/python3';
export const RSCRIPT_PATH = '/usr/bin/Rscript';
