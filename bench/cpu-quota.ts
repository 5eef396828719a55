import { existsSync, mkdirSync, readFileSync, rmdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** Short periods: a process held back waits at most the rest of one, so its quota shows as throughput, not as stalls of 100 ms. */
const PERIOD_US = 10_000;
const V2_ROOT = '/sys/fs/cgroup';
const V1_CPU_ROOT = '/sys/fs/cgroup/cpu';

/** Where a CPU quota can be set on this machine: the unified hierarchy with its cpu controller, or the v1 cpu one. */
function hierarchy(): 'v2' | 'v1' | undefined {
  const controllers = join(V2_ROOT, 'cgroup.controllers');
  if (existsSync(controllers) && readFileSync(controllers, 'utf8').split(/\s+/).includes('cpu')) {
    return 'v2';
  }
  return existsSync(join(V1_CPU_ROOT, 'cpu.cfs_quota_us')) ? 'v1' : undefined;
}

/**
 * A Linux control group whose processes together get at most `cores` of CPU time (a CFS quota), as a
 * container limited to that much CPU would: what lets one machine stand in for several small hosts. Needs
 * root, or a delegated cgroup; `create` says plainly when neither is there.
 */
export class CpuQuota {
  private constructor(private readonly path: string) {}

  static create(name: string, cores: number): CpuQuota {
    if (!(cores > 0)) {
      throw new RangeError(`A CPU quota must be a positive number of cores, not ${cores}`);
    }
    const kind = hierarchy();
    if (!kind) {
      throw new Error('No cgroup CPU controller is mounted here (/sys/fs/cgroup): CPU quotas cannot be set on this machine');
    }
    const path = join(kind === 'v2' ? V2_ROOT : V1_CPU_ROOT, name);
    const quotaUs = Math.max(1_000, Math.round(cores * PERIOD_US));
    try {
      mkdirSync(path, { recursive: true });
      if (kind === 'v2') {
        writeFileSync(join(path, 'cpu.max'), `${quotaUs} ${PERIOD_US}`);
      } else {
        writeFileSync(join(path, 'cpu.cfs_period_us'), String(PERIOD_US));
        writeFileSync(join(path, 'cpu.cfs_quota_us'), String(quotaUs));
      }
    } catch (error) {
      throw new Error(`Cannot set a CPU quota in ${path} (root or a delegated cgroup is needed): ${String(error)}`, { cause: error });
    }
    return new CpuQuota(path);
  }

  /** Moves a process, all its threads, into the group. */
  add(pid: number): void {
    writeFileSync(join(this.path, 'cgroup.procs'), String(pid));
  }

  /** Removes the group; its processes must have ended (or moved) first. */
  remove(): void {
    try {
      rmdirSync(this.path);
    } catch {
      // Still holding a process that has not been reaped: the kernel keeps an empty group harmlessly until reboot.
    }
  }
}
