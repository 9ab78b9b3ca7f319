// Error reporting (docs/operations.md): the local collector of browser reports and the Worker's own error reports.
export { collector } from './collector';
export { reportServerError, type ServerErrorContext } from './report';
