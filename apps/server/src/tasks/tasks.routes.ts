import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Container } from '../container';
import { route } from '../http/endpoint-route';
import { ok } from '../http/envelope';
import { currentMember, requireMember } from '../http/request-context';

/** The task centre's calls (the spec's, sent as JSON), members only. */
export function tasksRoutes(container: Container): FastifyPluginAsyncZod {
  const { member: tasks } = container.tasks;
  return async (app) => {
    const member = { tags: ['tasks'], preHandler: requireMember(container) };
    const me = (request: Parameters<typeof currentMember>[0]) => currentMember(request).memberId;

    // Site /task: the head (today's points, chests, the sign-in strip).
    route(app, 'taskContent', member, async (request) => ok(await tasks.content(me(request))));

    // Site /task: the groups and their tasks (the site throttles this call at 100 ms).
    route(app, 'taskGroups', member, async (request) => ok(await tasks.groups(me(request), request.client.lang)));

    // Site /task: one group's or tag's tasks.
    route(app, 'taskList', member, async (request) =>
      ok(await tasks.list(me(request), request.body, request.client.lang)),
    );

    // Site /task: the tags to filter by.
    route(app, 'taskTags', member, async (request) => ok(await tasks.tags(me(request))));

    // Site /task 领取: claims one task's reward.
    route(app, 'taskReceive', member, async (request) => ok(await tasks.claim(me(request), BigInt(request.body.id))));

    // Site /task 一键领取: claims every claimable task.
    route(app, 'taskReceiveAll', member, async (request) => ok(await tasks.claimAll(me(request))));

    // Site /task chests: opens a chest once today's points reach it.
    route(app, 'taskActiveReceive', member, async (request) =>
      ok(await tasks.openChest(me(request), BigInt(request.body.id))),
    );

    // Site /task sign-in strip: signs in for today.
    route(app, 'taskSignIn', member, async (request) => ok(await tasks.signIn(me(request))));

    // Site /taskRecords: the member's task rewards by date preset.
    route(app, 'taskRecords', member, async (request) => ok(await tasks.records(me(request), request.body)));
  };
}
