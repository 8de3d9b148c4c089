#!/bin/sh
# The conformance matrix over a Slurm job array of four tasks, then merged.
#
#   mkdir -p parts
#   job=$(sbatch --parsable examples/batch/matrix-slurm.sh)    # --array=0-3, as below
#   sbatch --dependency=afterany:$job --wrap \
#     'rulecheck matrix merge parts/matrix-*.json --markdown conformance.md --html conformance.html --json conformance.json'
#
# Every task runs the same command line in the same directory: the command,
# the engines file, the spec and the options are what the parts' inputs
# hash is made of, and the merge refuses parts whose hash differs.
# --index auto reads SLURM_ARRAY_TASK_ID, and the count from the whole
# array (numbered from 0); a task submitted again alone (sbatch --array=2)
# keeps its index and needs the count: add --count 4 to resubmit it. A task
# exits 0 once its part is written, whatever the engines did: the merge
# exits as the whole matrix does.
#SBATCH --job-name=rulecheck-matrix
#SBATCH --array=0-3
#SBATCH --cpus-per-task=4
#SBATCH --time=01:00:00
exec rulecheck matrix engines.yaml spec --index auto -j "${SLURM_CPUS_PER_TASK:-4}" \
  --part "parts/matrix-$SLURM_ARRAY_TASK_ID.json"
