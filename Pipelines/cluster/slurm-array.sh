#!/bin/bash
# Legible batch as a Slurm job array: each array task processes one shard of the input tree.
#
#   sbatch --array=0-7 Pipelines/cluster/slurm-array.sh /shared/scans /shared/searchable
#   sbatch --dependency=afterany:<jobid> --wrap \
#     "legible batch --merge-reports --report /shared/searchable/report.csv /shared/searchable/.legible/report-*.csv"
#
# The shard index and count come from SLURM_ARRAY_TASK_ID, SLURM_ARRAY_TASK_MIN and
# SLURM_ARRAY_TASK_COUNT, so the array range alone decides the split (contiguous ranges only:
# --array=0-7 or 1-8, not 1,3,5). Re-submitting the same array after a failure or a timeout
# resumes: finished files are skipped by the journal in DESTINATION/.legible/.
#SBATCH --job-name=legible
#SBATCH --array=0-3
#SBATCH --cpus-per-task=4
#SBATCH --mem-per-cpu=1G
#SBATCH --time=04:00:00
#SBATCH --output=legible-%A_%a.log
set -euo pipefail

SOURCE="${1:?usage: sbatch slurm-array.sh SOURCE DESTINATION [PIPELINE]}"
DESTINATION="${2:?usage: sbatch slurm-array.sh SOURCE DESTINATION [PIPELINE]}"
PIPELINE="${3:-}"
LEGIBLE="${LEGIBLE:-legible}"

args=(batch -q -j "${SLURM_CPUS_PER_TASK:-1}" "$SOURCE" "$DESTINATION"
      --report "$DESTINATION/.legible/report-${SLURM_ARRAY_TASK_ID:?run this under sbatch --array}.csv")
if [ -n "$PIPELINE" ]; then args+=(--pipeline "$PIPELINE"); fi

# Exit code 7 means some files failed (listed in the report); the task itself did its work.
status=0
OMP_THREAD_LIMIT=1 "$LEGIBLE" "${args[@]}" || status=$?
if [ "$status" -eq 7 ]; then exit 0; fi
exit "$status"
