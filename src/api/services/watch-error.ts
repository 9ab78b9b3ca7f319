import { Refusal } from '../../lib/errors';

/** The refusal several watch calls share. */
export const notFoundChannel = () => new Refusal(404, 'CHANNEL_NOT_FOUND', 'errors.channelNotFound');
