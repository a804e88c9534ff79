import { newChatRoom } from '@supersteward/contract';
import type { Store } from '../store/store.js';

/** A visitor's own rooms: its `newchat_<uuid>` room and the room of each of its threads. */
export async function isOwnRoom(store: Store, visitorId: string, room: string): Promise<boolean> {
  if (room === newChatRoom(visitorId)) return true;
  return (await store.findThread(visitorId, room)) !== undefined;
}
